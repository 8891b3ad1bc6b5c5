/**
 * Vite plugin: `import url from "chunk-url:./module.tsx"` gives the URL of that module built as a
 * chunk of its own. The prerendered pages' entry (src/prerendered-entry.ts) loads the
 * welcome page's hydrating code from it only once the page is painted, without importing anything
 * itself: a dynamic import()
 * would bring Vite's preload helper in as a static import, a script fetched (at high priority)
 * before the paint. In `vite serve` the URL is the module's own path.
 */
import { relative, resolve, dirname } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

const PREFIX = "chunk-url:";

export function chunkUrl(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "chunk-url",
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(source, importer) {
      if (!source.startsWith(PREFIX) || !importer) return null;
      // The module's path travels in the id; \0 keeps other plugins off it.
      return `\0${PREFIX}${resolve(dirname(importer), source.slice(PREFIX.length))}`;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const path = id.slice(PREFIX.length + 1);
      if (config.command === "serve") return `export default ${JSON.stringify(`/${relative(config.root, path)}`)};`;
      const referenceId = this.emitFile({ type: "chunk", id: path });
      return `export default import.meta.ROLLUP_FILE_URL_${referenceId};`;
    },
  };
}
