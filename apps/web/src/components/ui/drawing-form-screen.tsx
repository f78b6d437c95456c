/**
 * The frame of a form whose shape is drawn on the map (areas, zones, closures): the form screen with
 * a line saying what to draw (or how far the drawing is) beside its drawing buttons and View
 * Instructions, and the instructions (ending with how to draw by keyboard), shown on arrival unless
 * "Don't show again" was chosen in this browser.
 */
import { Button, Group, List } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { usePref, type InstructionsPref } from '../../lib/prefs';
import { ADD_POINT_LABEL } from '../../map/drawing-mode';
import { FormScreen } from './form-layout';
import { InstructionsDialog } from './instructions-dialog';

export interface DrawingFormScreenProps {
  title: string;
  subtitle?: string | null;
  /** What to draw, or how far the drawing is. */
  status: ReactNode;
  /** Buttons for the drawing (Redraw), before View Instructions. */
  tools?: ReactNode;
  instructions: {
    title: string;
    pref: InstructionsPref;
    /** The steps, as list items. */
    steps: ReactNode;
  };
  children: ReactNode;
}

export function DrawingFormScreen({
  title,
  subtitle,
  status,
  tools,
  instructions,
  children,
}: DrawingFormScreenProps) {
  const [dismissed] = usePref(instructions.pref);
  const [showing, setShowing] = useState(!dismissed);
  return (
    <FormScreen title={title} subtitle={subtitle}>
      <Group justify="space-between">
        {status}
        <Group gap={4}>
          {tools}
          <Button variant="subtle" size="xs" onClick={() => setShowing(true)}>
            View Instructions
          </Button>
        </Group>
      </Group>
      {children}
      <InstructionsDialog
        title={instructions.title}
        pref={instructions.pref}
        opened={showing}
        onClose={() => setShowing(false)}
      >
        <List size="sm" spacing={4}>
          {instructions.steps}
          <List.Item>
            By keyboard: focus the map, move it with the arrow keys and press Shift+F10, then &ldquo;
            {ADD_POINT_LABEL}&rdquo;, for a point at its centre.
          </List.Item>
        </List>
      </InstructionsDialog>
    </FormScreen>
  );
}
