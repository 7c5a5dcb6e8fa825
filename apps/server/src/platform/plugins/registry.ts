/**
 * The one way a module plugs into another inside a transaction (docs/architecture.md, "Plug-ins";
 * docs/adr/0006). The module that owns a decision declares a slot in its index.ts; modules that
 * take part provide an implementation when they register; the owner asks its app's registry for
 * what was provided. Reactions after commit are domain events (platform/events), not plug-ins.
 *
 * One registry per app (`AppContext.plugins`, made in `buildApp`): two apps in one process (the
 * tests run many in one fork) never see each other's plug-ins, and nothing lives at module scope.
 */

/** A typed place to plug into. `T` is what a provider hands over (a function or an object of them). */
export interface PlugSlot<T> {
  readonly name: string;
  /** 'many': any number of providers, in registration order. 'one': exactly one (or the fallback). */
  readonly arity: 'many' | 'one';
  readonly fallback?: T;
}

/** Any number of providers, asked in registration order (hooks: "also do this"). */
export function manySlot<T>(name: string): PlugSlot<T> {
  return { name, arity: 'many' };
}

/**
 * Exactly one provider (a source: "where does X come from"). Without one the fallback answers,
 * so a module works alone in a test that registers only it.
 */
export function oneSlot<T>(name: string, fallback?: T): PlugSlot<T> {
  return fallback === undefined ? { name, arity: 'one' } : { name, arity: 'one', fallback };
}

/** What code that asks a slot needs of its app: pass `ctx` (or anything holding the registry). */
export type PluginScope = { readonly plugins: PluginRegistry };

interface Provided {
  key: string;
  impl: unknown;
}

export class PluginRegistry {
  private readonly provided = new Map<PlugSlot<unknown>, Provided[]>();

  /**
   * Plug `impl` into `slot`. `key` names the provider (usually its module): the same key twice
   * is a wiring bug and throws, as does a second provider of a 'one' slot.
   */
  provide<T>(slot: PlugSlot<T>, key: string, impl: T): void {
    const list = this.provided.get(slot as PlugSlot<unknown>) ?? [];
    if (list.some((p) => p.key === key)) throw new Error(`Plug-in ${slot.name}: ${key} is provided twice`);
    if (slot.arity === 'one' && list.length > 0) throw new Error(`Plug-in ${slot.name} takes one provider; ${list[0]!.key} already is`);
    list.push({ key, impl });
    this.provided.set(slot as PlugSlot<unknown>, list);
  }

  /**
   * Tests only: stand `impl` in for the provider keyed `key` (of a 'one' slot: for its provider,
   * whatever its key), in this app alone; adds it when there is none. Returns what it replaced,
   * so a test can put it back.
   */
  replace<T>(slot: PlugSlot<T>, key: string, impl: T): T | undefined {
    const list = this.provided.get(slot as PlugSlot<unknown>) ?? [];
    const at = slot.arity === 'one' ? 0 : list.findIndex((p) => p.key === key);
    const previous = list[at];
    if (previous) list[at] = { key, impl };
    else list.push({ key, impl });
    this.provided.set(slot as PlugSlot<unknown>, list);
    return previous?.impl as T | undefined;
  }

  /** Every provider of a 'many' slot, in registration order (empty when none). */
  all<T>(slot: PlugSlot<T>): readonly T[] {
    return (this.provided.get(slot as PlugSlot<unknown>) ?? []).map((p) => p.impl as T);
  }

  /** The provider keyed `key` of a 'many' slot whose providers are told apart by key (an owner type, a thing paid for). */
  byKey<T>(slot: PlugSlot<T>, key: string): T | undefined {
    return (this.provided.get(slot as PlugSlot<unknown>) ?? []).find((p) => p.key === key)?.impl as T | undefined;
  }

  /** The provider of a 'one' slot, else its fallback; throws when it has neither. */
  one<T>(slot: PlugSlot<T>): T {
    const found = this.provided.get(slot as PlugSlot<unknown>)?.[0];
    if (found) return found.impl as T;
    if (slot.fallback !== undefined) return slot.fallback;
    throw new Error(`Plug-in ${slot.name} has no provider`);
  }
}
