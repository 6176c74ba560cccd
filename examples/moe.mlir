module @jit_moe attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x8xf32>, %arg1: tensor<8x64x256xf32>, %arg2: tensor<8x256x64xf32>, %arg3: tensor<8x16x64xf32>) -> (tensor<8x16x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg3 : (tensor<8x16x64xf32>) -> tensor<128x64xf32>
    %1 = stablehlo.dot_general %0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<64x8xf32>) -> tensor<128x8xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<128x8xf32>, tensor<f32>) -> tensor<128xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %4 = stablehlo.maximum %3, %2 : tensor<128xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x8xf32>
    %7 = stablehlo.subtract %1, %6 : tensor<128x8xf32>
    %8 = stablehlo.exponential %7 : tensor<128x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<128x8xf32>, tensor<f32>) -> tensor<128xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x8xf32>
    %12 = stablehlo.divide %8, %11 : tensor<128x8xf32>
    %values, %indices = chlo.top_k(%12, k = 2) : tensor<128x8xf32> -> (tensor<128x2xf32>, tensor<128x2xi32>)
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%values init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<128x2xf32>, tensor<f32>) -> tensor<128xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x2xf32>
    %16 = stablehlo.divide %values, %15 : tensor<128x2xf32>
    %17 = call @_one_hot(%indices) : (tensor<128x2xi32>) -> tensor<128x2x8xf32>
    %18 = stablehlo.transpose %17, dims = [1, 0, 2] : (tensor<128x2x8xf32>) -> tensor<2x128x8xf32>
    %19 = stablehlo.reshape %18 : (tensor<2x128x8xf32>) -> tensor<256x8xf32>
    %20 = call @cumsum(%19) : (tensor<256x8xf32>) -> tensor<256x8xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<256x8xf32>
    %22 = stablehlo.subtract %20, %21 : tensor<256x8xf32>
    %23 = stablehlo.reshape %22 : (tensor<256x8xf32>) -> tensor<2x128x8xf32>
    %24 = stablehlo.transpose %23, dims = [1, 0, 2] : (tensor<2x128x8xf32>) -> tensor<128x2x8xf32>
    %cst_4 = stablehlo.constant dense<4.000000e+01> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<128x2x8xf32>
    %26 = stablehlo.compare LT, %24, %25, FLOAT : (tensor<128x2x8xf32>, tensor<128x2x8xf32>) -> tensor<128x2x8xi1>
    %27 = stablehlo.convert %26 : (tensor<128x2x8xi1>) -> tensor<128x2x8xf32>
    %28 = stablehlo.multiply %17, %27 : tensor<128x2x8xf32>
    %29 = stablehlo.multiply %24, %28 : tensor<128x2x8xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_5) applies stablehlo.add across dimensions = [2] : (tensor<128x2x8xf32>, tensor<f32>) -> tensor<128x2xf32>
    %31 = stablehlo.convert %30 : (tensor<128x2xf32>) -> tensor<128x2xi32>
    %32 = call @_one_hot_1(%31) : (tensor<128x2xi32>) -> tensor<128x2x40xf32>
    %33 = stablehlo.dot_general %28, %32, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x2x8xf32>, tensor<128x2x40xf32>) -> tensor<128x8x40xf32>
    %34 = stablehlo.dot_general %16, %28, batching_dims = [0, 1] x [0, 1], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<128x2xf32>, tensor<128x2x8xf32>) -> tensor<128x2x8xf32>
    %35 = stablehlo.dot_general %34, %32, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x2x8xf32>, tensor<128x2x40xf32>) -> tensor<128x8x40xf32>
    %36 = stablehlo.dot_general %33, %0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x8x40xf32>, tensor<128x64xf32>) -> tensor<8x40x64xf32>
    %37 = stablehlo.dot_general %36, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x40x64xf32>, tensor<8x64x256xf32>) -> tensor<8x40x256xf32>
    %38 = stablehlo.multiply %37, %37 : tensor<8x40x256xf32>
    %39 = stablehlo.multiply %38, %37 : tensor<8x40x256xf32>
    %cst_6 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x40x256xf32>
    %41 = stablehlo.multiply %40, %39 : tensor<8x40x256xf32>
    %42 = stablehlo.add %37, %41 : tensor<8x40x256xf32>
    %cst_7 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x40x256xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<8x40x256xf32>
    %45 = stablehlo.tanh %44 : tensor<8x40x256xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x40x256xf32>
    %47 = stablehlo.add %46, %45 : tensor<8x40x256xf32>
    %cst_9 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x40x256xf32>
    %49 = stablehlo.multiply %48, %47 : tensor<8x40x256xf32>
    %50 = stablehlo.multiply %37, %49 : tensor<8x40x256xf32>
    %51 = stablehlo.dot_general %50, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x40x256xf32>, tensor<8x256x64xf32>) -> tensor<8x40x64xf32>
    %52 = stablehlo.dot_general %35, %51, contracting_dims = [2, 1] x [1, 0], precision = [DEFAULT, DEFAULT] : (tensor<128x8x40xf32>, tensor<8x40x64xf32>) -> tensor<128x64xf32>
    %53 = stablehlo.reshape %52 : (tensor<128x64xf32>) -> tensor<8x16x64xf32>
    return %53 : tensor<8x16x64xf32>
  }
  func.func private @_one_hot(%arg0: tensor<128x2xi32>) -> tensor<128x2x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<128x2xi32>) -> tensor<128x2x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x8xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<128x2x1xi32>) -> tensor<128x2x8xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x8xi32>) -> tensor<128x2x8xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<128x2x8xi32>, tensor<128x2x8xi32>) -> tensor<128x2x8xi1>
    %5 = stablehlo.convert %4 : (tensor<128x2x8xi1>) -> tensor<128x2x8xf32>
    return %5 : tensor<128x2x8xf32>
  }
  func.func private @cumsum(%arg0: tensor<256x8xf32>) -> tensor<256x8xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<256x8xf32>) -> tensor<256x8xf32>
    return %0 : tensor<256x8xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<256x8xf32>) -> tensor<256x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[255, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 256, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<256x8xf32>, tensor<f32>) -> tensor<256x8xf32>
    return %1 : tensor<256x8xf32>
  }
  func.func private @_one_hot_1(%arg0: tensor<128x2xi32>) -> tensor<128x2x40xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<128x2xi32>) -> tensor<128x2x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x40xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<128x2x1xi32>) -> tensor<128x2x40xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x40xi32>) -> tensor<128x2x40xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<128x2x40xi32>, tensor<128x2x40xi32>) -> tensor<128x2x40xi1>
    %5 = stablehlo.convert %4 : (tensor<128x2x40xi1>) -> tensor<128x2x40xf32>
    return %5 : tensor<128x2x40xf32>
  }
}
