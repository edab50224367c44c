import { KB } from "@tickfair/browser/build-budget";

/** What each part of the web build may weigh, gzip bytes, with how each number came to be. */
export const BUDGET = {
  // Counted as the browser fetches it before its first idle moment (decision 0076), the goal of 150 KB.
  // 148,174 B signed in, 145,878 B signed out since the app routes with wouter and its own history
  // instead of React Router's data router (decision 0090): the boot chunk 82.7 KB instead of 110.6 KB.
  // History: 174,509 B when counted so at first (the old rule, entry, app, home's route chunks and the
  // locale, had said 159,561 B); 174,737 B with home and the products prerendered, before the router.
  firstLoadJs: 150 * 1024,
  // The shell's stylesheet and the app's are two files since the app starts after the first paint.
  // Real-name verification added 0.8 KB: its page (the ID photo tiles, its result card) and the
  // nationality field moved out of the withdrawal-account page so that both pages share it.
  // The content pages added 832 B: the Markdown typography and the document sheet, home's news list
  // and highlights strip, the consent line of registration (27,350 B before, measured the same way).
  // The news list and the messages page added 600 B: the list heading's "more" link, the message rows
  // with their unread dots and expanded text, home's badge (28,858 B measured with both).
  // Online service added 1,296 B: the chat screen's bubbles and composer with antd-mobile's TextArea
  // and Rate, its own stylesheet (30,154 B measured with it); its photo button 34 B more (30,188 B).
  // Responsible trading added 1,109 B: the limits page's cards, rows, usage bars and edit sheet, the
  // reality check's figures (283 B), the risk warning's link (31,314 B measured).
  // Results where the user is added 844 B: the detail page's result card and fixed buy bar, and the
  // settlement notice (32,158 B measured).
  // The chat's photo button's keyboard focus ring and the fund records' time-zone line: 48 B.
  // Customer service's presence line and the console-shared rise colours by attribute: 79 B (32,285 B).
  // Receipts on the contract page: the "Download receipt" and "Verify a saved receipt" actions, the
  // saved file's note and the banner of prices waiting for their seed: 132 B (32,417 B measured).
  // The fairness page's own stylesheet (seeds and the anchor in full, monospaced; its steps), on top of
  // the cashier pages' cards it reuses: 311 B (32,596 B).
  // The messages page's title yielding its width so "Mark all read" keeps to one line, with the three
  // stylesheets above compressed together: 76 B (32,804 B measured).
  // The proof of balance page's own stylesheet (the verdict banner, the root and nonce in full, the
  // path's steps) and the fund records' line leading to it: 623 B (33,427 B measured).
  // A withdrawal's timeline (its steps' dots and joining line, the next step outlined) and the payout
  // times card with its pledge, on the withdraw page and about us: 635 B (33,439 B measured).
  // Both merged with the Verify panel's receipt actions in two halves: 46 B more (34,108 B measured).
  // The hex value's rules, once for the fairness and proof pages, in a stylesheet of their own: 32 B of
  // gzip framing (34,140 B measured).
  // The loss-streak limit's suggested count on the limits page and the pause dialog's hour heading and
  // error line, beside the reality check's rules it shares: 80 B (34,188 B measured).
  // The trading rules page's sections, duration blocks and history list, and the ticket's expected-value
  // block under a rule of its own: 106 B (34,214 B measured).
  // The step-up sheet's stylesheet, loaded with the sheet: 214 B (34,540 B measured).
  // The signed-in devices page's own stylesheet (the session rows, the "this device" tag, the proof
  // sheet): 483 B (34,809 B measured).
  // Passkeys: the login page's passkey button and note, the passkeys page and its name sheet: 470 B
  // (35,010 B measured).
  // Two-step sign-in's page (its status, QR code, key and recovery codes) and the login's code-step
  // links: 688 B (35,711 B measured); merged with the step-up sheet, the devices page and passkeys,
  // 601 B (36,094 B measured).
  // The notifications page's own stylesheet (its list of kinds and the reason a device cannot have
  // pushes) and antd-mobile's Switch, loaded with the page: 857 B (36,951 B measured).
  // Home's banner carousel (its track, slides, text over the image, dots) and the pop-up's image and
  // text, one lazy stylesheet, its linked slides not underlined: 704 B (36,798 B measured).
  // The Real/Practice switch with the practice balance's band, its reset and the practice mark on
  // contracts and on the settlement notice: 524 B (36,618 B measured).
  // The full chart's toolbar (periods that wrap rather than clip, candles or line, the indicators), the
  // indicators' legends and the open contracts' expiry lines: 145 B (36,239 B measured).
  // Keyboard focus always seen (antd-mobile's buttons hide it), the "Read price" button seen once
  // focused, the ▲/▼ marks and the confirmation sheet's dialog: 165 B (36,259 B measured). The
  // expected value's notes inside their terms' groups, wrapped under the figure: 28 B (36,287 B).
  // The five merged: 1 B more than their sum (38,518 B measured).
  // The sheets' form, title and rounded top written once in the layout for the three sheets that
  // repeated them: 189 B less (38,329 B measured).
  // The amber warning panel written once in the layout (7 B less), and the settlement card's rules in
  // a stylesheet of their own beside the card, split from detail.css (a file under 400 lines): 154 B
  // of framing and lost shared context (38,483 B measured).
  // The detail page's loading frame as tall as what comes (the chart's placeholder and the trade
  // panel's skeleton): 29 B (38,512 B measured).
  allCss:
    26.8 * KB +
    832 +
    600 +
    1296 +
    34 +
    1109 +
    844 +
    48 +
    79 +
    132 +
    311 +
    76 +
    623 +
    635 +
    46 +
    32 +
    80 +
    106 +
    214 +
    483 +
    470 +
    601 +
    857 +
    704 +
    524 +
    145 +
    165 +
    28 +
    1 -
    189 +
    154 +
    29,
  // The reality check opens antd-mobile's Dialog without its Toast, so the bundler now keeps their
  // shared centring code in a chunk of its own: ~700 B of gzip framing on the pages that load both
  // (the withdrawal details, 51,574 B measured, 50,907 B before).
  // The fund-records export sending the device's time zone added 60 B to the cashier code the
  // withdrawal details share (51,634 B); the withdrawal's own prompt for the transaction password 6 B.
  // The two-digit clock formatter and the bind form's stated rules: 198 B more (51,838 B).
  // Each withdrawal's timeline in the withdrawal details, with the span formatter it shares with the
  // console ("2 hr 14 min after request"): 729 B (52,567 B).
  // Merged with the other branches' contract changes: 9 B more (52,576 B measured); the socket's
  // refetch at its first "ready": 4 B (52,580 B). The shared chunks it imports renamed by hash when
  // the charts' look and the proof pages' parts became modules of their own: 9 B (52,589 B).
  // The withdrawal without its inline password field, asking the step-up sheet instead, renames the
  // cashier chunks the withdrawal details share: 10 B past the last (52,599 B measured).
  // The devices page sharing the empty state, the list and the step-up sheet renames the chunks the
  // withdrawal details import: 10 B (52,609 B measured).
  // Passkeys rename the shared chunks the withdrawal details import: 6 B (52,605 B measured).
  // The detail page is held to its own budget below, not this one: after the five merged the largest
  // route here is still the withdrawal details (52,599 B measured).
  // Home's risk warning and the tickers' socket asked for once home is interactive rename the shared
  // chunks the withdrawal details import: 21 B (52,636 B measured).
  // The money pages' frame (the bar with its records link) written once beside the bar, which every
  // page imports, merged with the above: 71 B (52,707 B measured).
  // Confirmations named for screen readers through one helper: 201 B (52,908 B measured).
  // The settlement card's stylesheet renames a chunk the withdrawal details import: 1 B (52,909 B).
  // The API client telling the network status whether each call reached the server: 15 B (52,924 B).
  // antd-mobile's motion switch (reduceMotion, with the useSyncExternalStore shim it carries), shared
  // by the toast's spinner and the app's "reduce motion": a chunk of its own the toast imports, 390 B;
  // with the renamed stylesheets, 398 B (53,322 B measured). The setting read through the media-query
  // helper the console's theme shares renames chunks: 2 B (53,324 B measured). i18next's console
  // notice turned off renames chunks: 7 B (53,331 B measured). Home's data asked for by its route
  // renames chunks: 2 B (53,333 B measured). The deferred loads one task each, in the shared chunk it
  // imports: 6 B (53,339 B measured). The hydration gate in the shared chunks: 2 B (53,341 B).
  routeChunk:
    50 * KB +
    374 +
    60 +
    6 +
    198 +
    729 +
    9 +
    4 +
    9 +
    10 +
    10 +
    6 +
    21 +
    71 +
    201 +
    1 +
    15 +
    398 +
    2 +
    7 +
    2 +
    6 +
    2,
  // The trading page's result card, fixed buy bar and "view positions", with amounts never rewritten
  // and the estimate shown only beside a valid amount: 25 B past 50 KB (51,225 B). The socket core
  // shared with the console (packages/browser), configured by hooks where the page's socket called its
  // own session and texts directly: 83 B more (51,308 B). The fairness page's route renamed the shared
  // chunks this page imports by hash: 1 B of gzip (51,309 B).
  // A real market's "median of Binance and OKX" tag, the exchanges listed as the locale lists things:
  // 110 B (51,418 B). The charts' look shared with the Yu'ebao chart, a chunk of its own: 72 B
  // (51,491 B).
  // The order ticket reading a loss-streak refusal, holding the order and loading the pause's dialog
  // only when one comes (the dialog's own chunk is not counted): 328 B (51,746 B).
  // The confirmation sheet's expected value (fair per direction, with the win and draw chances, and
  // what users got back with its sample), its query and formatters, and the link to the trading rules:
  // 215 B (51,634 B).
  // The ticket saying which exposure cap refused an order (buy-up full, buy-down full, or the user's
  // own open orders on the product), merged with the three above: 280 B more than their sum (52,314 B).
  // Step-up: the limits' requests carrying a loosening's header and the renamed shared chunks, 43 B
  // with the step-up's error codes before them (52,357 B measured).
  // Passkeys' and two-step sign-in's error codes and the shared chunks they rename: 61 B (52,418 B
  // measured).
  // The passkeys group's note for a browser without WebAuthn renames the shared chunks: 2 B (52,420 B).
  // The banner link's error message in the first locale's error texts: 5 B (52,423 B measured).
  // The Real/Practice switch, the practice balance and its reset, and the ticket's available amount
  // read from the chosen wallet: 2,578 B (54,996 B measured).
  // A screen reader's trading: the page's live region and what it says (the price when asked, the
  // countdown's set points, the result with its amounts), and ▲/▼ beside up and down: 922 B (53,340 B
  // measured); the sheet's chunk renamed by the expected value's notes: 18 B (53,358 B). The page
  // keeps its own budget and is left out of the other routes'.
  // The five merged, the chart gone to its lazy panel (1.6 KB less): 2,177 B past the 52,418 B of
  // before the five (54,595 B measured). The chart panel's spoken period names rename its chunk in
  // the page's imports: 10 B less (54,585 B measured).
  // The chart chips' names led by their visible labels rename the panel's chunk again: 16 B
  // (54,601 B measured).
  // The tickers' store connecting its socket once the screen is interactive, and the detail page's feed
  // filling that store itself; the risk warning a lazy chunk of home's too: 446 B (55,047 B measured).
  // The money pages' frame beside the bar and the pause dialog shared by the reality check and the
  // loss-streak pause, merged with the above: 111 B (55,158 B measured).
  // The cap refusal and the pause dialogs named for screen readers: 223 B (55,381 B measured).
  // A socket stopped while connecting closes once it has opened, and the network status reads
  // navigator.onLine afresh, in the shared chunks it imports: 7 B (55,388 B measured).
  // antd-mobile's motion switch in a chunk of its own the toast imports (see routeChunk), with the
  // renamed stylesheets: 407 B (55,795 B measured); through the media-query helper, 416 B (55,804 B).
  // The product list's query shared with the routes' loaders (its options a chunk of their own, with
  // the banners'): 29 B (55,833 B measured). The deferred loads one task each: 17 B (55,850 B).
  // Its loading frame card for card (head, chart, trade panel), so nothing below moves: 47 B (55,897 B).
  detailPage:
    50 * KB +
    25 +
    83 +
    1 +
    110 +
    72 +
    328 +
    215 +
    280 +
    43 +
    61 +
    2177 -
    10 +
    16 +
    446 +
    111 +
    223 +
    7 +
    416 +
    29 +
    17 +
    47,
  chartLibrary: 70 * KB,
  // The chart moved out of the detail page into a lazy panel loaded after the page, with the library:
  // the page's own load fell 1.6 KB (50,846 B). The panel: the chart, its periods, candles or line,
  // the indicator switches kept on the device, their legends and the open contracts' marks (4,055 B
  // measured).
  // Each period's chip named in words for screen readers ("5 minutes"), by the browser's own unit
  // formatting: 122 B (4,177 B measured).
  // The home pop-up's name renames a shared chunk it imports: 1 B (4,178 B).
  // Those names led by what each chip shows, "5m (5 minutes)" (WCAG 2.5.3, label in name): 32 B
  // (4,210 B measured).
  // The tickers' store connecting its socket itself renames a shared chunk the panel imports: 3 B
  // (4,213 B measured).
  // Measured 4,204 B once the price chart's drawing helpers were a module of their own.
  // The settlement card's stylesheet renames a chunk the panel imports: 1 B (4,205 B measured).
  // The motion switch's chunk renames one the panel imports: 1 B (4,206 B measured); read through the
  // media-query helper, 2 B (4,207 B measured).
  chartPanel: 4055 + 122 + 1 + 32 + 3 - 9 + 1 + 2,
  // MA, EMA, BOLL, MACD, RSI and volume with their legends, fetched when one is first turned on
  // (1,435 B measured).
  chartIndicators: 1435,
};
