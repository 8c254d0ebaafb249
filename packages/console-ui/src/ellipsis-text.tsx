// One line of a list's cell that never widens its table: cut with an ellipsis, the whole text in a
// tooltip (the consoles' tables fit a 1280 px screen: long names, nicknames and reasons are cut).
import type { CSSProperties } from 'react';
import { Typography } from 'antd';

/** `text` on one line at most `width` px wide; the whole text in a tooltip when it is cut. */
export function EllipsisText({ text, width, secondary, style }: { text: string; width: number; secondary?: boolean; style?: CSSProperties }) {
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} ellipsis={{ tooltip: text }} style={{ display: 'block', maxWidth: width, ...style }}>
      {text}
    </Typography.Text>
  );
}
