export { verificationModule } from "./module";
export { verificationQueue } from "./queue";
export { verificationStateOf } from "./service";
