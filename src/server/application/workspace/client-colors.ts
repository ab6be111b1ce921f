/** Distinct, readable cursor colours handed out in join order (the first free one is reused). */
export const CLIENT_COLORS = ['#E2504C', '#3DA5F5', '#5BC44B', '#F5A623', '#B36AE2', '#1ABC9C', '#F06292', '#FFD54F', '#8D6E63', '#26C6DA'];

export function pickColor(taken: ReadonlySet<string>): string {
  return CLIENT_COLORS.find((c) => !taken.has(c)) ?? CLIENT_COLORS[taken.size % CLIENT_COLORS.length];
}
