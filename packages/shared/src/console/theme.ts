// The consoles' Ant Design theme tokens: antd's default blue (#1677ff) and grey secondary text
// (#8c8c8c), and its status colours (error #ff4d4f, warning #faad14, success #52c41a, used for
// danger buttons and status tags) fall short of WCAG AA contrast (4.5:1) on white, so the consoles use darker ones.
export const consoleTheme = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorSuccess: '#237804',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};
