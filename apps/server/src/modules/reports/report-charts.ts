/**
 * The monthly report's charts as SVG, drawn by Apache ECharts' server-side SVG renderer (no browser,
 * no canvas), then placed in the PDF as vector graphics.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, SVGRenderer]);

export interface ChartData {
  kind: 'bar' | 'line';
  categories: string[];
  values: number[];
  width: number;
  height: number;
  /** The axis names, shown beside the axes. */
  xName: string;
  yName: string;
  color: string;
}

const AXIS_TEXT = { color: '#333333', fontSize: 9, fontFamily: 'DejaVu Sans' };

export function chartSvg(data: ChartData): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: data.width,
    height: data.height,
  });
  try {
    chart.setOption({
      animation: false,
      textStyle: AXIS_TEXT,
      grid: { left: 44, right: 16, top: 22, bottom: 34 },
      xAxis: {
        type: 'category',
        data: data.categories,
        name: data.xName,
        nameLocation: 'middle',
        nameGap: 22,
        nameTextStyle: AXIS_TEXT,
        axisLabel: { ...AXIS_TEXT, interval: data.categories.length > 16 ? 1 : 0 },
        axisTick: { alignWithLabel: true },
      },
      yAxis: {
        type: 'value',
        name: data.yName,
        nameTextStyle: { ...AXIS_TEXT, align: 'left' },
        minInterval: 1,
        axisLabel: AXIS_TEXT,
        splitLine: { lineStyle: { color: '#dddddd' } },
      },
      series: [
        data.kind === 'bar'
          ? { type: 'bar', data: data.values, itemStyle: { color: data.color }, barMaxWidth: 18 }
          : {
              type: 'line',
              data: data.values,
              lineStyle: { color: data.color, width: 2 },
              itemStyle: { color: data.color },
              symbolSize: 4,
            },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
