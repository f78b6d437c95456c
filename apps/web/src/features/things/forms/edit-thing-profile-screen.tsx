export function EditThingProfileScreen() {
  return null;
}
