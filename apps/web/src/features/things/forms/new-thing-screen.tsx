export function NewThingScreen() {
  return null;
}
