/** esbuild entry of the guest bundle every hook and tool realm starts with (see ../buildGuest.ts). */
export { installRealm } from "./realm";
