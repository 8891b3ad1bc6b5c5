/**
 * V8's explicit compile hint: `//# allFunctionsCalledOnLoad` as the first line of every
 * chunk the app runs at startup: its HTML entry's chunk and all that chunk imports statically.
 * Chromium (136 and later) then compiles their functions eagerly, on the thread that streams each
 * script in, rather than lazily on the main thread the first time each is called. That lazy
 * compiling had been nearly half of the task that makes the router and starts a screen's calls
 * (Total Blocking Time on a slow phone). Lazily loaded chunks (routes, steps, upload code) are left
 * alone: only some of their functions run. Other engines read a comment.
 *
 * The hint is added in generateBundle, after minification (which drops comments), by a plugin
 * that Vite runs with the other `enforce: "post"` plugins, before its own post-build plugins:
 * early enough for the compressed copies (scripts/compressed-copies.ts; their test checks each
 * holds its file's final bytes). One startup chunk misses out: V8 reads the hint only when no
 * code precedes it, and Vite prepends its preload map (`const __vite__mapDeps=...`, the files each
 * lazily loaded chunk needs) to the chunk holding the dynamic imports, in a post-build hook of its
 * own. No public hook runs between that one and the compressed copies, and rolldown's
 * `output.postBanner` (also after minification) comes before the map as well; so that chunk
 * (today `startup-*.js`, some 58 kB) has the hint on its second line, where V8 ignores it, and is
 * compiled lazily. The entry, the runtime and the libraries (some 390 kB) keep it first.
 * Chunking cannot spare a startup chunk the map while lazily loaded code keeps its preloads
 * (the map lists what each lazy import needs beyond its own chunk): docs/first-load.md has the
 * measured alternatives, each costing more than the hint saves.
 * test/e2e/first-load.test.ts holds the built files to exactly that rule.
 */
import type { Plugin } from "vite";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** The part of a bundle's chunk this reads and changes. */
interface Chunk {
  type: "chunk";
  name: string;
  isEntry: boolean;
  /** The file names of the chunks it imports statically. */
  imports: string[];
  code: string;
}

/**
 * The file names of `entryName`'s entry chunk and of every chunk it imports statically, directly
 * or not.
 */
export function startupChunks(bundle: Record<string, Chunk | { type: "asset" }>, entryName: string): Set<string> {
  const found = new Set<string>();
  const todo = Object.entries(bundle)
    .filter(([, file]) => file.type === "chunk" && file.isEntry && file.name === entryName)
    .map(([fileName]) => fileName);
  while (todo.length) {
    const fileName = todo.pop()!;
    const file = bundle[fileName];
    if (found.has(fileName) || file?.type !== "chunk") continue;
    found.add(fileName);
    todo.push(...file.imports);
  }
  return found;
}

/**
 * Puts COMPILE_HINT on the first line of the startup chunks of the client build's bundle.
 * @param entryName the name of the app's entry chunk (index.html's: "index")
 */
export function compileHints(entryName: string): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const fileName of startupChunks(bundle as Parameters<typeof startupChunks>[0], entryName)) {
        const chunk = bundle[fileName] as Chunk;
        chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      }
    },
  };
}
