"""What the pages give to download or draw, made from a game's replayed score: a game and
career figures as CSV and JSON (`csv_json`) and the running totals and figures as SVG charts
(`chart`). Pure presentation: no request, no database."""
