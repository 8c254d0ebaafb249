import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PromotionName, PromotionTiers, PromotionTime } from './promotion-cells.tsx';

describe('promotion cells', () => {
  it('show the takedown reason under the name only when there is one', () => {
    const { rerender } = render(<PromotionName name="双十一满减" takenDown="已下架：虚假宣传" />);
    expect(screen.getByText('双十一满减')).toBeTruthy();
    expect(screen.getByText('已下架：虚假宣传')).toBeTruthy();
    rerender(<PromotionName name="双十一满减" takenDown={null} />);
    expect(screen.queryByText('已下架：虚假宣传')).toBeNull();
  });

  it('give each tier a tag and put the start above the end', () => {
    const { container } = render(
      <>
        <PromotionTiers row={{ labels: ['满300减50', '满500减100'] }} />
        <PromotionTime row={{ startTime: '2026-11-01 00:00:00', endTime: '2026-11-11 23:59:59' }} />
      </>,
    );
    expect(screen.getByText('满300减50')).toBeTruthy();
    expect(screen.getByText('满500减100')).toBeTruthy();
    expect(container.querySelector('br')?.previousSibling?.textContent).toBe('2026-11-01 00:00:00');
    expect(container.querySelector('br')?.nextSibling?.textContent).toBe('2026-11-11 23:59:59');
  });
});
