export { totpUri } from "../platform/totp";
export { operatorSignIn } from "./guard";
export { operatorSocketAuth } from "./live";
export { operatorsModule } from "./module";
export { operatorMay, roleMayCall } from "./permissions";
export { createOperator, enrolWithKnownSecret } from "./service";
export { isOperatorSessionLive } from "./sessions";
