"""Long runs outside the table: whole matches played by computers (``simulate``, its report in
``simulate_results``), the random-play soak (``soak``), the solver benchmark (``bench``) and the
progress lines and stop handling they share (``progress``)."""
