/** planSelection's generated paths walked through 'Select your Plan' and its dialogs (model-suite.ts). */
import { planSelectionTable } from "../model/plan-selection.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(planSelectionTable);
