/** Interactive reports: filled in by the charts work (issue 14 item 4). */
export function ChartsView() {
  return null;
}
