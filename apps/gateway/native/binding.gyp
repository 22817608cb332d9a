{
  "targets": [
    {
      "target_name": "splice",
      "sources": ["splice.c"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-std=gnu11"],
      "conditions": [["OS!='linux'", {"type": "none"}]]
    }
  ]
}
