import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

interface ChunkImports {
  imports: string[];
}

/**
 * Trims Vite's module-preload lists (`__vite__mapDeps`) to what a lazy import can still use.
 *
 * For each `import()` Vite lists the imported chunk and every chunk it needs, and preloads them all
 * in parallel (no waterfall of imports discovering imports). Most of those names are files the
 * importing chunk has already loaded: the shell, the runtime, the entry, and the rest of the
 * importer's own static imports; and the imported chunk itself, which `import()` fetches at the
 * same moment anyway. Listing them costs bytes in every chunk that has lazy imports (the entry that
 * every page loads, the signed-in route table) and preloads nothing. Dropped here; the list keeps
 * what is not loaded yet, so a navigation still fetches a page and its dependencies at once.
 *
 * The HTML's own preload links (the shell and the runtime, next to the entry) are kept as they are.
 */
export function preloadDeps(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  let chunks = new Map<string, ChunkImports>();
  const loadedBy = new Map<string, Set<string>>();

  /** The host chunk and everything it imports statically: loaded before its code runs. */
  const loadedWith = (host: string): Set<string> => {
    let loaded = loadedBy.get(host);
    if (loaded) return loaded;
    loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded!.has(file)) return;
      loaded!.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    visit(host);
    loadedBy.set(host, loaded);
    return loaded;
  };

  const plugin: Plugin = {
    name: 'apron:preload-deps',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis writes the lists (it calls resolveDependencies from its own generateBundle).
      order: 'pre',
      handler(_options, bundle) {
        chunks = new Map();
        loadedBy.clear();
        for (const [fileName, output] of Object.entries(bundle)) {
          if (output.type === 'chunk') chunks.set(fileName, { imports: output.imports });
        }
      },
    },
  };

  const resolveDependencies: ResolveModulePreloadDependenciesFn = (filename, deps, { hostId, hostType }) => {
    if (hostType === 'html') return deps;
    const loaded = loadedWith(hostId);
    return deps.filter((dep) => dep !== filename && !loaded.has(dep));
  };

  return { plugin, resolveDependencies };
}
