/**
 * A drop target for one file: the props to spread on it, and whether a file is being dragged over.
 * Without `onFile` it takes nothing.
 */
import { useState, type DragEvent } from 'react';

export function useFileDrop(onFile: ((file: File) => void) | null) {
  const [dragging, setDragging] = useState(false);
  // Only files: dragging text or a link over the list is not an import.
  const carriesFiles = (event: DragEvent) => !!onFile && event.dataTransfer.types.includes('Files');
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      // Moving onto a child fires a leave too; only leaving the target itself counts.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) onFile?.(file);
    },
  };
  return { dragging, dropProps };
}
