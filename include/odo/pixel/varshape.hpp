#pragma once
#include "odo/pixel/view.hpp"

#include <vector>

namespace odo::pixel {

// A batch of differently sized images (CV-CUDA's ImageBatchVarShape): one single-image view per
// image, in batch order. The views are non-owning; this vector only holds their descriptions.
// In comparison reports, coordinate n is the image's index in the batch.
struct VarShapeView {
    std::vector<TensorView> images;
};

} // namespace odo::pixel
