import { createSandboxRunner } from "../sandbox";
import { createRunCommand } from "./runCommand";

/** `hookwright run`, with hooks running in the QuickJS sandbox. */
export default createRunCommand(createSandboxRunner);
