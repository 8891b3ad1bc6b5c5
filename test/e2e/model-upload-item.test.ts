/** uploadItem's generated paths walked through one file of the Sofa's upload area (model-suite.ts). */
import { uploadItemTable } from "../model/upload-item.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(uploadItemTable);
