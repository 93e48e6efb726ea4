import { createServerRenderer } from '@qf/shared/render';
import { section } from './section';

export const { render, ready } = createServerRenderer(section);
