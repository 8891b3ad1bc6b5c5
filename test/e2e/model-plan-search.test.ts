/** planSearch's generated paths walked through the search screens, plan links and no-warranty-found (model-suite.ts). */
import { planSearchTable } from "../model/plan-search.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(planSearchTable);
