/**
 * V8's explicit compile hint: `//# allFunctionsCalledOnLoad` as the first line of every
 * chunk the app runs at startup: its HTML entry's chunk and all that chunk imports statically.
 * Chromium (136 and later) then compiles their functions eagerly, on the thread that streams each
 * script in, rather than lazily on the main thread the first time each is called. That lazy
 * compiling had been nearly half of the task that makes the router and starts a screen's calls
 * (Total Blocking Time on a slow phone). Lazily loaded chunks (routes, steps, upload code) are left
 * alone: only some of their functions run. Other engines read a comment.
 * Added once the bundle is final, as Vite's own preload map is, so that nothing precedes it.
 */
import type { Plugin } from "vite";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** The part of a bundle's chunk this reads and changes. */
interface Chunk {
  type: "chunk";
  name: string;
  isEntry: boolean;
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

/** @param entryName the name of the app's entry chunk (index.html's: "index") */
export function compileHints(entryName: string): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const fileName of startupChunks(bundle as Parameters<typeof startupChunks>[0], entryName)) {
          const chunk = bundle[fileName] as Chunk;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
