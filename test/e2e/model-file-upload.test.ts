/** fileUpload's generated paths walked through the Sofa's upload area on step 4 of a claim (model-suite.ts). */
import { fileUploadTable } from "../model/file-upload.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(fileUploadTable);
