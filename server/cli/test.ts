import { createSandboxRunner } from "../sandbox";
import { createTestCommand } from "./testCommand";

/** `hookwright test`, with hooks running in the QuickJS sandbox. */
export default createTestCommand(createSandboxRunner);
