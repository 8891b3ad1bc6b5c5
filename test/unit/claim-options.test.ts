/**
 * fetchClaimOptions (src/api/lookups.ts): the seven FPP lists a claim needs come in one call,
 * GET lookups?lang=<the portal's language>, named as the domain names them; when that call fails
 * every list is empty and the screens stay usable (SPEC.md section 7, "Lookups").
 */
import { i18n } from "@lingui/core";
import { HttpResponse, http } from "msw/http";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { CLAIM_LOOKUP_PATHS, type ClaimLookups } from "../../contract/schemas.ts";
import { fetchClaimOptions } from "../../src/api/lookups.ts";

const API = "http://portal.test/api/v1";

/** One distinct entry per list, so a list given the wrong name shows. */
const lists = Object.fromEntries(
  CLAIM_LOOKUP_PATHS.map((path, at) => [path, [{ id: at + 1, name: path }]]),
) as ClaimLookups;

const asked: URL[] = [];
// Any other call (one of the seven single lists) is an error.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

function answering(answer: () => Response): void {
  server.use(
    http.get(`${API}/lookups`, ({ request }) => {
      asked.push(new URL(request.url));
      return answer();
    }),
  );
}

it("makes one call in the language asked for and names each list as the claim screens do", async () => {
  answering(() => HttpResponse.json({ result: lists }));
  const options = await fetchClaimOptions("es");
  expect(asked.map((url) => url.searchParams.get("lang"))).toEqual(["es"]);
  expect(options).toEqual({
    manufacturers: lists.all_manufacturer,
    materials: lists.all_material,
    colors: lists.all_color,
    damageTypes: lists.damage_type_lookup_values,
    specificDamages: lists.specific_damage_lookup_values,
    howItHappened: lists.how_did_it_occur_lookup_values,
    remedies: lists.actions_taken_lookup_values,
  });
});

it("asks in the portal's active language when given none", async () => {
  answering(() => HttpResponse.json({ result: lists }));
  i18n.loadAndActivate({ locale: "es", messages: {} });
  await fetchClaimOptions();
  i18n.loadAndActivate({ locale: "en", messages: {} });
  await fetchClaimOptions();
  expect(asked.map((url) => url.searchParams.get("lang"))).toEqual(["es", "en"]);
});

it("gives every list empty, without rejecting, when the call is refused or its answer is not the lists", async () => {
  const empty = {
    manufacturers: [],
    materials: [],
    colors: [],
    damageTypes: [],
    specificDamages: [],
    howItHappened: [],
    remedies: [],
  };
  answering(() => HttpResponse.json({ message: "Unauthorized" }, { status: 401 }));
  await expect(fetchClaimOptions("en")).resolves.toEqual(empty);
  server.resetHandlers();
  const { all_color: _missing, ...withoutColors } = lists;
  answering(() => HttpResponse.json({ result: withoutColors }));
  await expect(fetchClaimOptions("en")).resolves.toEqual(empty);
});
