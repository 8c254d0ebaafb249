// The consoles' Ant Design theme tokens: antd's default blue (#1677ff) and grey secondary text
// (#8c8c8c), and its status colours (error #ff4d4f, warning #faad14, success #52c41a, used for
// danger buttons and status tags) fall short of WCAG AA contrast (4.5:1) on white, so the consoles use darker ones.
export const consoleTheme = {
  token: {
    colorPrimary: '#0958d9',
    // antd lightens a hovered primary button (#2e7ae6: 4.2:1 with white text); darken it instead.
    colorPrimaryHover: '#003eb3',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorSuccess: '#237804',
    // antd derives the tag's tint from the seed colour, and from this dark green it is a grey
    // (#adb8a5) the text fails on; the default palette's light tint keeps 5.7:1.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};
