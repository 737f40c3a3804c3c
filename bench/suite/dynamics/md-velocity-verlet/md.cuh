// Molecular dynamics with velocity Verlet: shared types and declarations.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t e__ = (call);                                                            \
        if (e__ != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error '%s' at %s:%d\n", cudaGetErrorString(e__), __FILE__, \
                    __LINE__);                                                               \
            std::exit(EXIT_FAILURE);                                                         \
        }                                                                                    \
    } while (0)

#define MD_THREADS 128

// Lennard-Jones fluid in reduced units (sigma = epsilon = mass = 1), shifted-force cutoff.
struct MDParams {
    int n;
    float box, inv_box;
    float rc, rc2;
    float fm_rc;  // -dU/dr at rc
    float u_rc;   // U(rc)
    float dt;
};

struct MDState {
    float4* pos;  // xyz, w unused
    float4* vel;
    float4* force;
    double* energies;  // [0] potential, [1] kinetic (device accumulators)
};

// forces.cu: zeroes nothing; writes force[i] and adds potential energy to energies[0].
void compute_forces(const MDParams& p, MDState& s);
// integrate.cu
void half_kick_drift(const MDParams& p, MDState& s);  // v += f dt/2; x += v dt (wrapped into the box)
void half_kick(const MDParams& p, MDState& s);        // v += f dt/2
void kinetic_energy(const MDParams& p, MDState& s);   // adds sum(v^2)/2 to energies[1]
