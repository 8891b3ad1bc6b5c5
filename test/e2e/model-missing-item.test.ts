/** missingItem's generated paths walked through '+ Add Missing Item' of the FPP wizard (model-suite.ts). */
import { missingItemTable } from "../model/missing-item.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(missingItemTable);
