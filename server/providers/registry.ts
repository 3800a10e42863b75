import type { Store } from "../../db/store";
import { createProviderService, type ProviderService } from "./service";

const globalForProviders = globalThis as unknown as { hookwrightProviderServices?: WeakMap<Store, ProviderService> };

/** The provider service of a store (its secret file sits beside that store's database file). */
export function getProviderService(store: Store): ProviderService {
  const services = (globalForProviders.hookwrightProviderServices ??= new WeakMap());
  let service = services.get(store);
  if (!service) {
    service = createProviderService({ store, dbFile: store.location });
    services.set(store, service);
  }
  return service;
}
