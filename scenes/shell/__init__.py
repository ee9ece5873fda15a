"""The client's shell: the application, the scene manager and its loop, the window, input,
the scene routes and the game registry."""
