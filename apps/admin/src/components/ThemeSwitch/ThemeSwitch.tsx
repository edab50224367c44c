import { DesktopOutlined, MoonOutlined, SunOutlined } from "@ant-design/icons";
import { Segmented, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { THEME_MODES, type ThemeMode, useThemeMode } from "../../store/theme";

const ICONS: Record<ThemeMode, ReactNode> = {
  system: <DesktopOutlined />,
  light: <SunOutlined />,
  dark: <MoonOutlined />,
};

/** Light, dark, or as the operating system is (the default): icons, each named in a tooltip and to screen readers. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  const options = THEME_MODES.map((value) => {
    const name = t(`shell.theme.${value}`);
    return {
      value,
      label: (
        <Tooltip title={name}>
          <span data-testid={`theme-${value}`}>
            {ICONS[value]}
            <span className="sr-only">{name}</span>
          </span>
        </Tooltip>
      ),
    };
  });
  return <Segmented<ThemeMode> value={mode} options={options} onChange={setMode} />;
}
