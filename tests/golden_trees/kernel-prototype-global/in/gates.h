#pragma once
__global__ void apply_gate(float *state, int n);
void run_gate(float *state, int n, const float *matrix);
