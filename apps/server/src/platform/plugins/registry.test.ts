import { describe, expect, it } from 'vitest';
import { manySlot, oneSlot, PluginRegistry } from './registry';

describe('plug-in registry', () => {
  it('answers every provider of a many-slot in registration order, and one by its key', () => {
    const hooks = manySlot<(n: number) => number>('test.hooks');
    const plugins = new PluginRegistry();
    plugins.provide(hooks, 'double', (n) => n * 2);
    plugins.provide(hooks, 'square', (n) => n * n);
    expect(plugins.all(hooks).map((hook) => hook(3))).toEqual([6, 9]);
    expect(plugins.byKey(hooks, 'square')?.(4)).toBe(16);
    expect(plugins.byKey(hooks, 'cube')).toBeUndefined();
  });

  it('refuses the same provider twice and a second provider of a one-slot', () => {
    const hooks = manySlot<() => void>('test.twice');
    const source = oneSlot<() => string>('test.source');
    const plugins = new PluginRegistry();
    plugins.provide(hooks, 'chat', () => {});
    expect(() => plugins.provide(hooks, 'chat', () => {})).toThrow(/provided twice/);
    plugins.provide(source, 'agreements', () => 'leases');
    expect(() => plugins.provide(source, 'other', () => 'more')).toThrow(/takes one provider/);
  });

  it('falls back when a one-slot has no provider, and keeps two apps apart', () => {
    const source = oneSlot<() => string>('test.fallback', () => 'none');
    const first = new PluginRegistry();
    const second = new PluginRegistry();
    first.provide(source, 'agreements', () => 'leases');
    expect(first.one(source)()).toBe('leases');
    expect(second.one(source)()).toBe('none');
    expect(() => second.one(oneSlot<() => string>('test.missing'))).toThrow(/no provider/);
  });
});

describe('plug-in registry: stand-ins for tests', () => {
  it('replaces a provider by key (a one-slot: its provider) and hands back the one it replaced', () => {
    const hooks = manySlot<() => string>('test.replace');
    const source = oneSlot<() => string>('test.replace-one', () => 'none');
    const plugins = new PluginRegistry();
    plugins.provide(hooks, 'chat', () => 'chat');
    plugins.provide(hooks, 'files', () => 'files');
    const previous = plugins.replace(hooks, 'chat', () => 'stand-in');
    expect(previous?.()).toBe('chat');
    expect(plugins.all(hooks).map((hook) => hook())).toEqual(['stand-in', 'files']);
    expect(plugins.replace(hooks, 'new', () => 'added')).toBeUndefined();
    expect(plugins.all(hooks)).toHaveLength(3);
    plugins.provide(source, 'agreements', () => 'leases');
    expect(plugins.replace(source, 'test', () => 'test')?.()).toBe('leases');
    expect(plugins.one(source)()).toBe('test');
  });
});
