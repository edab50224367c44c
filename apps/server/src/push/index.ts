export { enqueuePush, enqueuePushToEveryone, type PushEvent } from "./events";
export { pushModule } from "./module";
export { forgetSessionSubscriptions } from "./subscriptions";
