#include <cstdio>
#include "kern.cpp"

int main() {
  int h[100];
  for (int i = 0; i < 100; i++) h[i] = i;
  run_twice(h, 100);
  int bad = 0;
  for (int i = 0; i < 100; i++) bad += h[i] != 2 * i;
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
