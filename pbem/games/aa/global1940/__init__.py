"""Axis & Allies Global 1940 (2nd edition, Alpha 3+): data loader and the pure mechanics the
edition adds to the A&A family (politics, neutrals, the UK's two economies, China, France,
ANZAC, convoy disruption, scrambles, bases, kamikaze, bombing raids on installations,
complexes, national objectives, victory, optional research). See ``docs/global1940.md``."""
