export function EditThingAssociationsScreen() {
  return null;
}
