import { type IconProps, Svg } from "./make";

export const IconHome = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 10.2 12 3l9 7.2V20a1.5 1.5 0 0 1-1.5 1.5H15V15H9v6.5H4.5A1.5 1.5 0 0 1 3 20z" />
  </Svg>
);
export const IconMarket = (props: IconProps) => (
  <Svg {...props}>
    <polyline points="22 12 18 12 15 21 9 3 6 12 2 12" />
  </Svg>
);
export const IconWallet = (props: IconProps) => (
  <Svg {...props}>
    <path d="M19 7V5.5A1.5 1.5 0 0 0 17.5 4h-12A2.5 2.5 0 0 0 3 6.5" />
    <rect x="3" y="7" width="18" height="14" rx="2.5" />
    <circle cx="16.5" cy="14" r="1.2" />
  </Svg>
);
export const IconUser = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </Svg>
);
export const IconGlobe = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="10" />
    <line x1="2" y1="12" x2="22" y2="12" />
    <path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
  </Svg>
);
export const IconAlert = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
    <line x1="12" y1="9" x2="12" y2="13" />
    <line x1="12" y1="17" x2="12.01" y2="17" />
  </Svg>
);
export const IconChevronRight = (props: IconProps) => (
  <Svg {...props}>
    <polyline points="9 18 15 12 9 6" />
  </Svg>
);
export const IconChevronDown = (props: IconProps) => (
  <Svg {...props}>
    <polyline points="6 9 12 15 18 9" />
  </Svg>
);
export const IconCheck = (props: IconProps) => (
  <Svg {...props}>
    <polyline points="20 6 9 17 4 12" />
  </Svg>
);
export const IconArrowRight = (props: IconProps) => (
  <Svg {...props}>
    <line x1="5" y1="12" x2="19" y2="12" />
    <polyline points="12 5 19 12 12 19" />
  </Svg>
);
