/** esbuild entry of the guest bundle of a run's chain realm (see ../buildGuest.ts). */
export { installChain } from "./chain";
