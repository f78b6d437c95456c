/** A valid save body of a manual closure (two points on a Springfield street), with any changes. */
export const closurePayload = (patch: Record<string, unknown> = {}) => ({
  closure_type: 'manual',
  description: 'Bridge deck repair',
  user_route: {
    type: 'LineString',
    coordinates: [
      [-89.65, 39.8],
      [-89.64, 39.801],
    ],
  },
  ...patch,
});
