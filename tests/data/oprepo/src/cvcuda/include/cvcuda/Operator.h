// SPDX-License-Identifier: Apache-2.0
#pragma once
typedef struct NVCVOperator *NVCVOperatorHandle;
