/// <reference types="vitest/config" />
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { precompress } from './build/precompress';
import { preloadDeps } from './build/preload-deps';

/** What every page loads: the runtime libraries and the MUI core the shell draws with
 * (plain boxes for the top bar; toasts are our own, `components/toasts.tsx`). */
const SHELL_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|@emotion|stylis|hoist-non-react-statics|@babel[\\/]runtime|clsx|prop-types|react-is|@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|utils|internal|colors|Box|Typography|Button|ButtonBase|Paper|CircularProgress|SvgIcon|CssBaseline|GlobalStyles|IconButton|DefaultPropsProvider|zero-styled|RtlProvider))[\\/]/;
/**
 * Within those packages, what only some pages use (grids, stacks, checkboxes, transitions, media
 * queries, icons): no public page's first load runs them. (`internal/SwitchBase.mjs` and
 * `internal/Transition.mjs` are files, not folders: the older pattern missed them: ~2 KB brotli.)
 */
const NOT_SHELL_MODULES =
  /node_modules[\\/]@mui[\\/](system[\\/](Grid|Stack|useMediaQuery)[\\/]|material[\\/]internal[\\/](svg-icons[\\/]|SwitchBase\.|switchBaseClasses\.|Transition\.|animate\.)|material[\\/](transitions|FormControl|useMediaQuery)[\\/]|utils[\\/]useRovingTabIndex[\\/])/;
/**
 * Small things several first pages use, in the shell rather than files of their own (~600 bytes of
 * headers each): the signed-in identity, and the top bar's and the home and listings pages' icons.
 */
const SHELL_SOURCES =
  /([\\/]src[\\/]lib[\\/]identity\.ts|node_modules[\\/]@mui[\\/]icons-material[\\/](esm[\\/])?(Menu|FlightTakeoff|Notifications|HomeWork|Place)\.m?js)$/;
/** Vite's preload helper, which every chunk with a lazy import calls: in the shell, so no other group captures it. */
const PRELOAD_HELPER = /^\0vite[\\/]preload-helper\.js$/;
const isShellModule = (id: string) =>
  PRELOAD_HELPER.test(id) || SHELL_SOURCES.test(id) || CORE_FORMAT_MODULES.test(id) || (SHELL_MODULES.test(id) && !NOT_SHELL_MODULES.test(id));

/**
 * What both first pages at `/` draw with (the landing page for a visitor, the home menu after
 * sign-in): the menu's icons, the Contact Us / Lost Card dialog switch and the card parts. One file
 * instead of five small ones (each costs a request and ~600 bytes of headers).
 */
const HOME_MODULES =
  /([\\/]src[\\/]app[\\/](menu-icons|pages[\\/]public-dialogs)\.tsx$|node_modules[\\/]@mui[\\/]material[\\/](Card|CardContent|CardActionArea|CardActions)[\\/])/;

/** Zod-free core helpers most first pages use (dates, money formatting, listing constants): in the shell. */
const CORE_FORMAT_MODULES = /[\\/]packages[\\/]core[\\/]src[\\/](dates|money-format|properties[\\/]listing-constants)\.ts$/;
/**
 * The signed-in home: the tiles and the dashboard in one file. The dashboard stays a lazy import
 * in the code (the tiles never wait for it), but a second file would only add a request and its
 * headers to the sign-in return. Not recursive: what they share with other pages stays shared.
 */
const HOME_MENU_MODULES = /[\\/]src[\\/](app[\\/]pages[\\/]home-menu|features[\\/]reports[\\/]dashboard)\.tsx$/;

const apiTarget = process.env.APRON_API_URL ?? 'http://localhost:3000';

const preload = preloadDeps();

/**
 * The server entry (`vite build --ssr src/entry-server.tsx`, docs/adr/0008): the public pages'
 * renderer that apps/server imports from dist-server/. Its libraries are bundled into it, built
 * for production whatever NODE_ENV the server runs with: MUI names its classes differently in
 * development (`css-1io5rhm-MuiTypography-root`), and the markup must be the production client's.
 */
const ssrBuild: UserConfig = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: { outDir: 'dist-server', emptyOutDir: true, sourcemap: false, copyPublicDir: false },
};

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? ssrBuild : {
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress(), preload.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    modulePreload: {
      // Every browser the app supports preloads modules natively; the polyfill only cost bytes in the entry.
      polyfill: false,
      // Lazy imports preload only the chunks not loaded yet (build/preload-deps.ts).
      resolveDependencies: preload.resolveDependencies,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads (React, the router, the query client, emotion and
          // the MUI core the shell draws with) in one file instead of a dozen small ones: each
          // file costs a request and ~1 KB of response headers on a first visit.
          groups: [
            { name: 'shell', test: isShellModule },
            { name: 'home', test: HOME_MODULES },
            { name: 'home-menu', test: HOME_MENU_MODULES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/oidc': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    // One worker per core (Vitest's default leaves one core idle: a single worker on 2 cores).
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker keeps its modules and its jsdom document from file to file instead of importing MUI,
    // the app and a new document for each of the ~80 files: 80-90 s instead of 400 s on 2 cores
    // (issue 25). Testing Library unmounts after each test, setup.ts clears the storage and the
    // earlier files' style rules (src/test/emotion-per-file.ts, unpainted-styles.ts); what else a
    // file leaves behind must not matter to the next.
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 30000,
  },
});
