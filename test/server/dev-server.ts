/**
 * A Vite dev server over a test folder with one plugin of ours, on a free loopback port: how the
 * tests meet `npm run dev`'s plugins (scripts/dev-page-language.ts, scripts/dev-outbox.ts) without
 * the project's own config.
 */
import { createServer, type Plugin, type ViteDevServer } from "vite";

/** A listening dev server and its base URL (`http://127.0.0.1:PORT`). */
export interface DevServer {
  vite: ViteDevServer;
  base: string;
}

/** Starts the dev server; close it with `vite.close()`. @throws when it has no port */
export async function startDevServer(root: string, plugin: Plugin): Promise<DevServer> {
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: "silent",
    appType: "spa",
    plugins: [plugin],
    server: { host: "127.0.0.1", port: 0, strictPort: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await vite.listen();
  const address = vite.httpServer!.address();
  if (!address || typeof address === "string") throw new Error("the dev server has no port");
  return { vite, base: `http://127.0.0.1:${address.port}` };
}
