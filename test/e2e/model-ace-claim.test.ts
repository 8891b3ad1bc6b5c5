/** aceClaim's generated paths walked through the ACE claim wizard on A-300-100200 (model-suite.ts). */
import { aceClaimTable } from "../model/ace-claim.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(aceClaimTable);
