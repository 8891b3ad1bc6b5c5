/** fppClaim's generated paths walked through the FPP claim wizard on W-E34-WS4566 (model-suite.ts). */
import { fppClaimTable } from "../model/fpp-claim.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(fppClaimTable);
