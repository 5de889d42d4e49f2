#pragma once
// Separate compilation of the layers the drivers link (repo, surface, baseline, devcode, review,
// refactor, summary, gates).
//
// By default odo is header-only: every function is inline in its header. The drivers and any
// executable that links several of these layers can instead compile each layer's definitions
// once: every TU of the executable defines ODO_SEPARATE_COMPILATION, exactly one TU per layer
// also defines ODO_IMPLEMENT_<LAYER> (ODO_IMPLEMENT_GATES, _SUMMARY, …) before
// including that layer's headers, and the other TUs see only the declarations of the functions
// other layers call (marked ODO_API). The layers' bodies are then neither parsed nor generated
// again in each TU that includes them, which is what made a driver one 37 s, 1.3 GB compile.
// tools/layers/*.cpp are those TUs for odo's own drivers.
//
// A layer's headers guard their function definitions with `#if ODO_<LAYER>_DEFINITIONS`.

#if defined(ODO_SEPARATE_COMPILATION)
#define ODO_API
#else
#define ODO_API inline
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_REPO)
#define ODO_REPO_DEFINITIONS 1
#else
#define ODO_REPO_DEFINITIONS 0
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_SURFACE)
#define ODO_SURFACE_DEFINITIONS 1
#else
#define ODO_SURFACE_DEFINITIONS 0
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_BASELINE)
#define ODO_BASELINE_DEFINITIONS 1
#else
#define ODO_BASELINE_DEFINITIONS 0
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_DEVCODE)
#define ODO_DEVCODE_DEFINITIONS 1
#else
#define ODO_DEVCODE_DEFINITIONS 0
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_REVIEW)
#define ODO_REVIEW_DEFINITIONS 1
#else
#define ODO_REVIEW_DEFINITIONS 0
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_REFACTOR)
#define ODO_REFACTOR_DEFINITIONS 1
#else
#define ODO_REFACTOR_DEFINITIONS 0
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_SUMMARY)
#define ODO_SUMMARY_DEFINITIONS 1
#else
#define ODO_SUMMARY_DEFINITIONS 0
#endif

#if !defined(ODO_SEPARATE_COMPILATION) || defined(ODO_IMPLEMENT_GATES)
#define ODO_GATES_DEFINITIONS 1
#else
#define ODO_GATES_DEFINITIONS 0
#endif
