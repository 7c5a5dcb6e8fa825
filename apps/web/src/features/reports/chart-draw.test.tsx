import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { TChartData } from '@apron/core/reports';
import { ChartDraw } from './chart-draw';

const yAxisLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')].map((node) => node.textContent);

describe('saved-report bar chart', () => {
  it('labels the y-axis compactly (money and counts), so no label is cut at the axis edge', () => {
    const billed: TChartData = { measure: 'billed', unit: 'dollars', available: true, points: [{ label: 'Jan', value: 15_250.5 }, { label: 'Feb', value: 1_250_000 }] };
    expect(yAxisLabels(render(<ChartDraw data={billed} chartType="Bar" />).container)).toEqual(['$0', '$500K', '$1M', '$1.5M']);
    const joins: TChartData = { measure: 'waitlistJoins', unit: 'count', available: true, points: [{ label: 'Jan', value: 12_000 }, { label: 'Feb', value: 15_500 }] };
    expect(yAxisLabels(render(<ChartDraw data={joins} chartType="Bar" />).container)).toContain('15K');
  });
});
