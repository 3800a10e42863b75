/** A provider entry operation the user can act on: the name is taken, the entry is gone, the input is wrong. */
export class ProviderStoreError extends Error {
  override name = "ProviderStoreError";
  constructor(
    message: string,
    readonly apiCode: "NOT_FOUND" | "CONFLICT" | "BAD_REQUEST",
  ) {
    super(message);
  }
}
