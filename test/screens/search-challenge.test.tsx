// @vitest-environment jsdom
/**
 * A search the API answers with a proof-of-work (HTTP 428, contract/challenge.ts; SECURITY.md
 * "Guessing is slowed, nobody is locked out"), on the real screens with the solver stubbed (jsdom
 * has no Web Workers): 'Checking…' while it works, the same search again with the proof in
 * X-Altcha, and a recoverable 'could not finish' when it gives up.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse, type HttpHandler } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CHALLENGE_REQUIRED, CHALLENGE_STATUS, type Challenge } from "../../contract/challenge.ts";
import type { WirePlan } from "../../contract/schemas.ts";
import { renderApp } from "./render-app.tsx";
import { API } from "./support-network.ts";
import { searchFinding, wizardPlan } from "./support-claim-server.ts";

const solveInWorkers = vi.hoisted(() =>
  vi.fn<(challenge: unknown) => Promise<{ counter: number; derivedKey: string }>>(),
);
vi.mock("../../src/lib/challenge-solver.ts", () => ({ solveInWorkers }));

const challenge = (nonce: string): Challenge => ({
  parameters: {
    algorithm: "PBKDF2/SHA-256",
    nonce,
    salt: "ab",
    cost: 1,
    keyLength: 32,
    keyPrefix: "00",
    expiresAt: 4_102_444_800,
  },
  signature: `signed-${nonce}`,
});
const askFor = (nonce: string) =>
  HttpResponse.json(
    { code: CHALLENGE_REQUIRED, message: "Solve the challenge", challenge: challenge(nonce) },
    { status: CHALLENGE_STATUS },
  );
/** POST search_plan answered by `answer`; one it leaves unanswered goes on to the next handler. */
const searching = (answer: () => Response | undefined, options?: { once: boolean }) =>
  http.post(`${API}search_plan`, answer, options);

const JANE: WirePlan = { ...wizardPlan(), number: "W-E34-WS4566", warrantyItems: [] };

/** The X-Altcha header of a request, decoded; null without one. */
const proofOf = (headers: Headers) => {
  const header = headers.get("X-Altcha");
  return header === null
    ? null
    : (JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(header), (c) => c.charCodeAt(0)))) as unknown);
};

beforeEach(() => {
  window.localStorage.clear();
  solveInWorkers.mockReset();
});

async function submitNumber(language: "en" | "es", ...handlers: HttpHandler[]) {
  const user = userEvent.setup();
  const app = await renderApp("/find-claim/warranty-number", { handlers, locale: language });
  await user.type(
    await screen.findByLabelText(language === "en" ? /Warranty number/ : /Número de garantía/),
    "W-E34-WS4566",
  );
  await user.click(screen.getByRole("button", { name: language === "en" ? "Submit" : "Enviar" }));
  return { user, ...app };
}

describe("a search the API asks to check first", () => {
  it.each([
    ["en", "Checking…", "Select your Plan"],
    ["es", "Verificando…", "Seleccione su plan"],
  ] as const)(
    "in %s: says '%s' while solving, sends the same search with the proof, and shows the plan",
    async (language, checking, plansTitle) => {
      let solved!: () => void;
      solveInWorkers.mockImplementation(
        () => new Promise((resolve) => (solved = () => resolve({ counter: 77, derivedKey: "00aa" }))),
      );
      const { router, calls } = await submitNumber(
        language,
        searching(() => askFor("n1"), { once: true }),
        searchFinding([JANE]),
      );
      expect(await screen.findByRole("status")).toHaveTextContent(checking);
      expect(screen.getByRole("button", { name: language === "en" ? "Submit" : "Enviar" })).toHaveAttribute(
        "aria-busy",
        "true",
      );
      expect(solveInWorkers).toHaveBeenCalledWith(challenge("n1"));
      solved();
      expect(await screen.findByRole("heading", { name: plansTitle })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/find-claim/select-plan");
      expect(calls.map((call) => ({ body: call.body, proof: proofOf(call.headers) }))).toEqual([
        { body: { search_type: "search_plan_4", number: "W-E34-WS4566" }, proof: null },
        {
          body: { search_type: "search_plan_4", number: "W-E34-WS4566" },
          proof: { challenge: challenge("n1"), solution: { counter: 77, derivedKey: "00aa" } },
        },
      ]);
      expect(screen.queryByText(checking)).not.toBeInTheDocument();
    },
  );

  it("after three refused proofs says it could not finish, counts nothing, and Try Again searches afresh", async () => {
    solveInWorkers.mockResolvedValue({ counter: 1, derivedKey: "00" });
    let refusing = true;
    const { user, router } = await submitNumber(
      "en",
      searching(() => (refusing ? askFor(`n${Math.random()}`) : undefined)),
      searchFinding([JANE]),
    );
    expect(await screen.findByRole("heading", { name: "We could not finish your search" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/find-claim/not-found");
    expect(solveInWorkers).toHaveBeenCalledTimes(3);
    expect(screen.getByRole("button", { name: "Contact Service" })).toBeInTheDocument();
    expect(router.options.context.planSearch().getSnapshot().context.failedSearches).toBe(0);

    refusing = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Select your Plan" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/select-plan"));
  });

  it("a solver that fails says so in Spanish too, with Try Again", async () => {
    solveInWorkers.mockRejectedValue(new Error("The challenge was not solved in time"));
    await submitNumber(
      "es",
      searching(() => askFor("n1")),
    );
    expect(await screen.findByRole("heading", { name: "No pudimos terminar su búsqueda" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Intentar de nuevo" })).toBeInTheDocument();
  });
});
