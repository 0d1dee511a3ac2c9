print("diffbench")
